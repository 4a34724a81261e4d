// `npm run backup -- FILE`: the embedded data folder (server stopped) or DATABASE_URL (pg_dump, online).
import { backup, BackupError, targetFromEnv } from '../db/backup';
import { DataDirInUseError } from '../db/client';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
try {
  console.log(await backup(targetFromEnv(), file));
} catch (e) {
  if (!(e instanceof BackupError || e instanceof DataDirInUseError)) throw e;
  console.error(e.message);
  process.exit(1);
}
