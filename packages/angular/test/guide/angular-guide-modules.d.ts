/** A section's snippet of the Angular guide, served by `guideSnippetPlugin` (run for its effects). */
declare module 'angular-guide:*' {}
