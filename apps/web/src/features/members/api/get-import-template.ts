import { downloadFile } from '../../../lib/download';

/** The import's header row as the server writes it: with this company's record and custom field columns. */
export const downloadImportTemplate = () => downloadFile('/api/members/import/template.csv', 'members-template.csv');
