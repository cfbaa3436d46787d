/// Placeholder until the module lands.
enum TodoCLIModule {}
