"""Each game's rules tests; Prospect, the suite's own game, is a package here
(games.prospect), so its tests and the registry import it once, by one name."""
