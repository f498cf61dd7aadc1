export * from './generator-rules.js';
