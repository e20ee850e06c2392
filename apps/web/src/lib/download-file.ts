import { api } from './api';

/** Saves a spreadsheet answer under the given file name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
