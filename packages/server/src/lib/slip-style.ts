/**
 * The style of the A5 landscape slips rendered to PDF, one page a person: the doctors' fee slips (sharing) and the
 * investors' profit-share slips (investors). Each document adds its own rules after it.
 */
export const SLIP_STYLE = `
  @page { size: A5 landscape; margin: 10mm; }
  body { font-family: Arial, Helvetica, sans-serif; font-size: 10px; color: #111; }
  .slip { page-break-after: always; }
  .slip:last-child { page-break-after: auto; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid #111; padding-bottom: 4px; }
  .brand, .title { font-size: 14px; font-weight: bold; }
  table { border-collapse: collapse; width: 100%; margin-top: 6px; }
  th { text-align: left; border-bottom: 1px solid #111; }
  td { padding: 2px 4px; border-bottom: 1px dotted #bbb; }
  .num { text-align: right; white-space: nowrap; }
  .total td { font-weight: bold; border-top: 1px solid #111; }`;
