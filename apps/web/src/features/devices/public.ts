// What other features may use of devices: nothing yet but its page, which the route tables load.
export {};
