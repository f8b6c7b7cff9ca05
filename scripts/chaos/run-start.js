// Runs scripts/start.js (`npm start`'s code, unchanged) for the chaos run, under its own script
// name: a neighbour's clean-up that stops every `scripts/start.js` on a shared machine must not end
// the run half-way (seen while other suites ran).
require('../start.js');
