/**
 * The offline spec author: plain English -> SpecDocument (the pipeline in ../author), and chat
 * edits, with no language model. Pure, deterministic and synchronous.
 */
export { authorSpec, type AuthorInput } from '../author';
export { editSpec, type EditOutcome } from './edits';
