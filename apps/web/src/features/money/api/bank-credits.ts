import type {
  BankCreditStatus,
  bankCreditAnswer,
  bankCreditCountsAnswer,
  bankCreditsAnswer,
  statementImportedAnswer,
} from "@kantien/domain/bank-statements";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const CREDITS_PER_PAGE = 50;

/**
 * `GET /api/admin/bank-credits?status&limit&offset`: one page of credits in a status by the bank's
 * date, newest first, how many there are and what they come to.
 */
function bankCreditsQueryOptions(status: BankCreditStatus, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.bankCredits, "list", status, page] as const,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        status,
        limit: String(CREDITS_PER_PAGE),
        offset: String(page * CREDITS_PER_PAGE),
      });
      const answer = await api.get<Answer<typeof bankCreditsAnswer>>(`/api/admin/bank-credits?${query}`, {
        signal,
      });
      return { rows: answer.data, total: answer.total, totalAmount: answer.totalAmount };
    },
    placeholderData: keepPreviousData,
  });
}

export function useBankCredits(status: BankCreditStatus, page: number) {
  return useQuery(bankCreditsQueryOptions(status, page));
}

/** `GET /api/admin/bank-credits/counts`: how many credits are in each status. */
export function useBankCreditCounts() {
  return useQuery({
    queryKey: [...queryKeys.bankCredits, "counts"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof bankCreditCountsAnswer>>("/api/admin/bank-credits/counts", { signal }))
        .data,
  });
}

/**
 * Money moved: the credits, and the customers' balances, are stale. Not awaited: the answer is
 * shown (a notice, the dialog closed) as soon as the server gives it, and the lists follow;
 * awaiting them held the notice back for as long as a refetch took, and for good when a dialog's
 * customer search was cancelled on the way.
 */
function useMoneyMoved() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bankCredits });
    void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
  };
}

/** `POST /api/admin/bank-statements` (multipart `file`): what was read and what became of it. */
export function useImportStatement() {
  const moved = useMoneyMoved();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.post<Answer<typeof statementImportedAnswer>>("/api/admin/bank-statements", { body });
    },
    onSuccess: moved,
  });
}

/** `POST /api/admin/bank-credits/:id/allocate {userId}`. */
export function useAllocateCredit() {
  const moved = useMoneyMoved();
  return useMutation({
    mutationFn: ({ creditId, userId }: { creditId: string; userId: string }) =>
      api.post<Answer<typeof bankCreditAnswer>>(
        `/api/admin/bank-credits/${encodeURIComponent(creditId)}/allocate`,
        { body: { userId } },
      ),
    onSuccess: moved,
  });
}

/** `POST /api/admin/bank-credits/:id/dismiss {reason}`. */
export function useDismissCredit() {
  const moved = useMoneyMoved();
  return useMutation({
    mutationFn: ({ creditId, reason }: { creditId: string; reason: string }) =>
      api.post<Answer<typeof bankCreditAnswer>>(
        `/api/admin/bank-credits/${encodeURIComponent(creditId)}/dismiss`,
        { body: { reason } },
      ),
    onSuccess: moved,
  });
}
