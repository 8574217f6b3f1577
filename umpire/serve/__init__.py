"""``umpire serve GAME.db``: the umpire's console over one game file, in a browser.

A Starlette application (:mod:`umpire.serve.app`) with Jinja2 templates that autoescape and a
little plain JavaScript served as static files. The page is a view of the game file; the
engine (:class:`umpire.engine.Game`) is its only writer, so a click in the console and a
command typed at the CLI are the same action, checked by the same code, refused in the same
words, and kept in the same log. Nothing here opens the store itself.

- :mod:`.security`: the secrets that open the server (the umpire's; each side's links are in
  the game file), the sessions (a cookie naming a server-side session), the cross-site checks,
  the rate of a side's requests and the headers;
- :mod:`.views`: what the pages show, read from the game at one moment and kept until the log
  moves on;
- :mod:`.console`, :mod:`.actions`, :mod:`.papers`: the routes, by idea (the page and its
  parts; the writes; the reports and briefings);
- :mod:`.players`: the console's panel of the players' pages (links, orders sent, releases);
- :mod:`.side_views`, :mod:`.side_pages`, :mod:`.side_orders`, :mod:`.fog`: a side's page,
  composed from its briefing alone, its orders read as the orders file is, and what a refusal
  may tell it;
- :mod:`.server`: starting it (the login link, the address, the warning for a network, the
  sides' links).

Heavy modules (starlette, uvicorn, jinja2) are imported only here, never by ``umpire --help``.
"""
