// Filled by the module's own work.
export {};
