// Placeholder: tests arrive with their module.
