import { describeLocalServer } from './local-server.contract';

describeLocalServer("@netlify/dev's own function runtime", 'emulated');
