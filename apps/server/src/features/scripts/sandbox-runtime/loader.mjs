// Module-resolution hook of the script sandbox child (registered with module.register before anything else runs).
// Until the child says "locked" every import resolves normally (Pyodide loads its node: builtins); afterwards every
// import is refused, so JavaScript evaluated later (if anything ever escaped Python) cannot reach node:net,
// node:child_process or any other module.
let locked = false;

/** Receives the port the child uses to lock module resolution once Pyodide has loaded. */
export function initialize(data) {
  data.port.on('message', (message) => {
    if (message === 'lock') {
      locked = true;
      data.port.postMessage('locked');
    }
  });
  // The port must not keep the loader thread alive on its own.
  data.port.unref();
}

export async function resolve(specifier, context, nextResolve) {
  if (locked) throw new Error(`sandbox: import of "${specifier}" refused`);
  return nextResolve(specifier, context);
}
