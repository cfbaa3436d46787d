// TodoKit is the one import an app needs: the task store, and the model (TodoTxt) and query
// (TodoQuery) types its API speaks in.
@_exported public import TodoQuery
@_exported public import TodoTxt
