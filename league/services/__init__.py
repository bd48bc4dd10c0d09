"""The league's services: the only code in the league app that writes."""
