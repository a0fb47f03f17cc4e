// A hostile candidate: loading the module ends the process.
import process from "node:process";

process.exit(3);
