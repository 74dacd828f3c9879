import GenkanValidation
print(IssueCode.all.count)
