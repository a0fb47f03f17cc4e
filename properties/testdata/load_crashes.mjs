// A hostile candidate: loading the module throws.
throw new Error("this candidate cannot even be loaded");
