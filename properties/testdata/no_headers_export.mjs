// A hostile candidate: the module exports no Headers class.
export const headers = null;
