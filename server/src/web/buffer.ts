// `Buffer`, which parts of the service use for UTF-8 lengths and base64 (CEL's bytes), in the browser build:
// the npm `buffer` package, the same API in plain JavaScript. esbuild injects it where `Buffer` is named
// (scripts/build.mjs), nowhere else.
// `buffer/`: the npm package, not Node's module of that name.
export { Buffer } from 'buffer/';
