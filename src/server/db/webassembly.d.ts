/**
 * The part of Node's WebAssembly global that pglite.ts uses: TypeScript declares it only in its
 * DOM and worker libraries, which the server does not load.
 */
declare namespace WebAssembly {
  // biome-ignore lint/suspicious/noEmptyInterface: an opaque handle, as in lib.dom.d.ts
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
