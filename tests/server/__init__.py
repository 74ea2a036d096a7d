"""Server tests: the contract, conversion, every RPC and error path over a real local port."""
