/**
 * The offline author's regular expressions are compiled to machine code from their first use.
 *
 * Why: the author is thousands of distinct patterns, each run a handful of times per description.
 * V8 starts every pattern in its bytecode interpreter and compiles it only after it has run
 * (`--regexp-tier-up`); for this workload that costs more than it saves. Measured on the
 * development corpus (194 descriptions, one fresh process, this machine): 17 to 26 s with the
 * default, 13 to 16 s compiled from the start, at about the same resident memory (see
 * ARCHITECTURE.md, "Speed of the offline author"). The setting is process-wide and changes no
 * result, only when a pattern is compiled; it is set once, when this adapter is loaded (core is
 * pure and imports no runtime settings). The author bench imports this module too, so that it
 * measures the author as this adapter runs it.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-regexp-tier-up');
