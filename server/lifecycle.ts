/** What the server's modules share about its life: whether it is shutting down, and requests open now. */
export const lifecycle = { shuttingDown: false, inFlight: 0 };
