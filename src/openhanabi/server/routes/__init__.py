"""The app's routes, one module per part of the site. Routes stay thin: they read the form,
call a service (:mod:`~openhanabi.server.accounts`, :mod:`~openhanabi.server.lobby`) and
render a page or redirect."""
