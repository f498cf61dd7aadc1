// One Jest file for these parts, so that the application is imported once rather than once per part (about 2.4 s of
// module loading each, twice that beside another file). Each part keeps its own set-up: its own app on its own database.
import './mail/mail-smtp.js';
import './mail/mail-outbox-purge.js';
import './mail/mail-outage.js';
