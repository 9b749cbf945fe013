/**
 * The offline spec author: plain English -> SpecDocument, and chat edits, with no language
 * model. Pure, deterministic and synchronous.
 */
export { authorSpec, type AuthorInput } from './author';
export { editSpec, type EditOutcome } from './edits';
