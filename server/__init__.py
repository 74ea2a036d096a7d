"""The gRPC server: contract <-> engine conversion, the servicer, logging, signing, running."""
