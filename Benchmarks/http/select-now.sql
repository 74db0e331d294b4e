-- pgbench script: the SQL statement that `{ serverTime }` runs.
SELECT now();
