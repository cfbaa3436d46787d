/// Placeholder until the merge lands.
enum TodoMergeModule {}
