/** An FNB export as the bank writes it: two lines of preamble, the header, the lines. */
export function fnbStatement(
  lines: [date: string, amount: string, description: string, reference: string][],
) {
  let balance = 1000;
  return [
    "ACCOUNT TRANSACTION HISTORY,,,,,,,",
    "FOR ACCOUNT NUMBER 62812345678,,,,,,,",
    "Date,SERVICE FEE,Amount,DESCRIPTION,REFERENCE,Balance,CHEQUE NUMBER,",
    ...lines.map(([date, amount, description, reference]) => {
      balance += Number(amount);
      return `${date},0,${amount},${description},${reference},${balance.toFixed(2)},0,`;
    }),
  ].join("\r\n");
}
