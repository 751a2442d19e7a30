// What other features may use of API keys: nothing yet but its page, which the route table loads.
export {};
