"""The command-line side of running many games: progress, tables and plots
for `gemtable arena`, `tournament` and `bench` (the games themselves are
played headless by gemtable.ai)."""
