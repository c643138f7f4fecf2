// Placeholder: this module's files arrive in the foundation issue.
