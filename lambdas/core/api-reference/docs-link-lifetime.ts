/** How long an API reference link lasts unless asked otherwise, and the bounds of what may be asked (seconds). */
export const DOCS_LINK_LIFETIME_SECONDS = { default: 3600, min: 60, max: 7 * 86_400 } as const;
