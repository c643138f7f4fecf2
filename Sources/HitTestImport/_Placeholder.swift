// Placeholder: written with the explain/render/import issue.
