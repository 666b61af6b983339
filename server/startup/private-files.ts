/**
 * Imported first by server/main.ts and the scripts that write the data folder (backup, restore,
 * migrate-to): every file and folder they make is their user's alone (0600, 0700), whatever the shell's or
 * service manager's umask. The data folder holds minors' personal data (the database, applicants' documents,
 * backups) and nothing else reads it: Caddy and nginx only proxy to the app, and pg_dump and the photo
 * process run as the server's own user. Files made before keep their mode: docs/security.md says how to
 * tighten them.
 */
process.umask(0o077);
