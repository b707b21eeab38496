"""The page's shell: what every game's page shares (the entry, the DOM helpers, the session rules,
the computer's worker calls, pictures, theme and sound)."""
