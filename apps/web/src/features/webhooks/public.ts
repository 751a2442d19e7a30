// What other features may use of webhooks: nothing yet but its page, which the route table loads.
export {};
