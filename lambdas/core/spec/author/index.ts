/**
 * The offline spec author: plain English -> SpecDocument, with no language model. Pure,
 * deterministic and synchronous; a pipeline of stages (author.ts says which).
 */
export { authorSpec, readDescription, type AuthorInput } from './author';
