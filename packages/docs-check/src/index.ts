export * from './block-diagnostic.js';
export * from './check-code-blocks.js';
export * from './code-block.js';
export * from './documentation-files.js';
export * from './extract-code-blocks.js';
export * from './is-checked-block.js';
export * from './markdown-source.js';
export * from './stated-output.js';
