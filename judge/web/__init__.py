"""Flask blueprints: pages and /api. The web layer shows rules; it never decides one."""
