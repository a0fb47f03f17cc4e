// A hostile candidate: loading the module never finishes.
for (;;);
