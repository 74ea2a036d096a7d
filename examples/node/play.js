#!/usr/bin/env node
// A Node client of the rules-engine gRPC service, built only from the proto files in ../../proto.
//
//   node play.js [--tls] [--ca FILE] [--cert FILE --key FILE] [HOST:PORT] [SEED]
//
// The address comes from the first argument, else $RULES_ENGINE_TARGET, else localhost:50051.
// Plaintext by default; --tls connects with TLS trusting the system's CAs, --ca FILE trusting the CA
// certificates in FILE instead (implies --tls), and --cert FILE --key FILE present this client's
// certificate for a server that asks for one (mutual TLS), as rules-engine-client does.
// The script lists the games, plays a whole seeded game of Walls of York for two seats by always
// taking the first legal move, prints the final score, then sends a move by a seat whose turn it
// is not and prints what the refusal carries: the violation code from the google.rpc.Status in
// the `grpc-status-details-bin` trailer (ErrorInfo.reason and the BadRequest field violations).
// It exits 0 when all of that happened, 1 otherwise.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { parseArgs } = require("node:util");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const PROTO_DIR = path.resolve(__dirname, "..", "..", "proto");
const SERVICE_PROTO = "rulesengine/v1/service.proto";
const DETAILS_PROTOS = ["google/rpc/status.proto", "google/rpc/error_details.proto"];
const GAME = "walls_of_york";
const PLAYERS = 2;
const DETAILS_TRAILER = "grpc-status-details-bin";

/** Plaintext credentials, or TLS ones when asked for: `ca`, `cert` and `key` are PEM file names or undefined. */
function credentialsFor({ tls, ca, cert, key }) {
  if (Boolean(cert) !== Boolean(key)) {
    throw new Error("--cert and --key go together");
  }
  if (!tls && !ca && !cert) {
    return grpc.credentials.createInsecure();
  }
  const read = (file) => (file ? fs.readFileSync(file) : null);
  return grpc.credentials.createSsl(read(ca), read(key), read(cert));
}

/** The service stub for `target` over `credentials`, from the contract's proto files. */
function connect(target, credentials) {
  const definition = protoLoader.loadSync(SERVICE_PROTO, {
    includeDirs: [PROTO_DIR],
    keepCase: true, // field names as in the .proto files (game_id, not gameId)
    longs: String, // 64-bit integers (the seed) as decimal strings
    enums: String, // enum values by name
    defaults: false, // leave unset fields out, so a state goes back as it came (a zero number is then absent)
    arrays: true, // but give every repeated field, even an empty one, as an array
    oneofs: true, // name the member set in each oneof (state.state === "walls_of_york")
  });
  const { RulesEngineService } = grpc.loadPackageDefinition(definition).rulesengine.v1;
  return new RulesEngineService(target, credentials);
}

/** Calls the unary RPC `method` with `request`; resolves to the response. */
function call(client, method, request) {
  return new Promise((resolve, reject) => {
    client[method](request, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

/** The google.rpc types (Status and its details), loaded with protobufjs from the shipped protos. */
function loadDetailTypes() {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
  root.loadSync(DETAILS_PROTOS, { keepCase: true });
  return root;
}

/** The details of a failed call: its google.rpc.Status, with each Any unpacked to an object. */
function decodeDetails(error, root) {
  const raw = error.metadata ? error.metadata.get(DETAILS_TRAILER) : [];
  if (raw.length === 0) {
    return null;
  }
  const status = root.lookupType("google.rpc.Status").decode(raw[0]);
  const details = status.details.map((any) => {
    const typeName = any.type_url.slice(any.type_url.lastIndexOf("/") + 1);
    const type = root.lookupType(typeName);
    return { type: typeName, value: type.toObject(type.decode(any.value)) };
  });
  return { code: status.code, message: status.message, details };
}

/** Prints every game the service knows. */
async function listGames(client) {
  const { games } = await call(client, "ListGames", {});
  for (const game of games) {
    const seats = `${game.min_players}-${game.max_players} players`;
    console.log(`game ${game.game_id}: ${game.title}, ${seats}, rules ${game.rules_version}`);
  }
  return games;
}

/** Plays `GAME` from a seeded start to its end by always taking the first legal move. */
async function playFirstMoves(client, seed) {
  const setup = { game_id: GAME, players: PLAYERS, chance_mode: "CHANCE_MODE_SEEDED", seed: String(seed) };
  const started = await call(client, "NewGame", { setup });
  let state = started.state;
  let moves = 0;
  for (;;) {
    const legal = await call(client, "LegalMoves", { state });
    if (legal.moves.length === 0) {
      break;
    }
    const applied = await call(client, "ApplyMove", { state, move: legal.moves[0] });
    state = applied.state;
    moves += 1;
    if (applied.pending.seats.length === 0) {
      break;
    }
  }
  console.log(`played ${GAME} for ${PLAYERS} seats with seed ${seed}: ${moves} moves`);
  return { start: started, state };
}

/** Prints the final score sheet of `state`. */
async function printScore(client, state) {
  const { score } = await call(client, "Score", { state });
  const seats = score.seats.map((seat) => `seat ${seat.seat ?? 0} = ${seat.total ?? 0}`).join(", ");
  const winners = score.winners.join(", ");
  console.log(`final score: ${seats} (winners: ${winners}; final: ${Boolean(score.final)})`);
}

/** Sends the first legal move of the new game as a seat that does not decide; prints the refusal. */
async function sendIllegalMove(client, start, root) {
  const { moves } = await call(client, "LegalMoves", { state: start.state });
  const deciders = start.pending.seats;
  const others = [...Array(PLAYERS).keys()].filter((seat) => !deciders.includes(seat));
  const wrongSeat = others.length > 0 ? others[0] : PLAYERS; // PLAYERS: a seat the game does not have
  const move = { ...moves[0], seat: wrongSeat };
  try {
    await call(client, "ApplyMove", { state: start.state, move });
  } catch (error) {
    console.log(`illegal move refused: ${grpc.status[error.code]}: ${error.details}`);
    const status = decodeDetails(error, root);
    if (status === null) {
      console.log(`no ${DETAILS_TRAILER} trailer`);
      return false;
    }
    for (const { type, value } of status.details) {
      if (type === "google.rpc.ErrorInfo") {
        console.log(`violation code: ${value.reason} (domain ${value.domain})`);
      } else if (type === "google.rpc.BadRequest") {
        for (const violation of value.field_violations) {
          console.log(`field violation: ${violation.field}: ${violation.description}`);
        }
      }
    }
    return true;
  }
  console.log("the move was accepted, which it should not have been");
  return false;
}

/** Runs the whole example; resolves to the process exit status. */
async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv.slice(2),
    allowPositionals: true,
    options: {
      tls: { type: "boolean", default: false },
      ca: { type: "string" },
      cert: { type: "string" },
      key: { type: "string" },
    },
  });
  const target = positionals[0] || process.env.RULES_ENGINE_TARGET || "localhost:50051";
  const seed = positionals[1] || "7";
  const client = connect(target, credentialsFor(values));
  const root = loadDetailTypes();
  try {
    await listGames(client);
    const { start, state } = await playFirstMoves(client, seed);
    await printScore(client, state);
    return (await sendIllegalMove(client, start, root)) ? 0 : 1;
  } finally {
    client.close();
  }
}

main(process.argv).then(
  (status) => {
    process.exitCode = status;
  },
  (error) => {
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  },
);
