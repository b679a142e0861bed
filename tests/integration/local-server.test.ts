import { describeLocalServer } from './local-server.contract';

describeLocalServer('warm functions behind the local CDN cache', 'warm');
