"""Every word of every game in every language the service speaks (issue #25)."""
