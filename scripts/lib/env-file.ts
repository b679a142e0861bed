import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './ferretdb';

// Scripts honour a local .env (see .env.example); variables already set in the shell win.
if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
