import type {
  LearnerLeaveInput,
  learnerGuardiansAnswer,
  learnerLeaveOptionsAnswer,
  learnerLeftAnswer,
  linkCodeAnswer,
  linkLetterAnswer,
} from "@kantien/domain/guardians";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/* A learner's link code, guardians and leaving the school, for admins (docs/decisions/0068-who-eats-and-who-pays.md). */

const pathOf = (id: string) => `/api/customers/${encodeURIComponent(id)}`;
const codeKey = (id: string) => [...queryKeys.customerGuardians, id, "code"] as const;
const guardiansKey = (id: string) => [...queryKeys.customerGuardians, id, "guardians"] as const;

/** `GET /api/customers/:id/link-code`: made the first time it is asked for. */
export function useLinkCode(id: string) {
  return useQuery({
    queryKey: codeKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof linkCodeAnswer>>(`${pathOf(id)}/link-code`, { signal })).data.linkCode,
    retry: false,
  });
}

/** `POST /api/customers/:id/link-code`: a new code; the old one stops working at once. */
export function useRenewLinkCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<Answer<typeof linkCodeAnswer>>(`${pathOf(id)}/link-code`, { body: {} })).data.linkCode,
    onSuccess: (code) => queryClient.setQueryData(codeKey(id), code),
  });
}

/** `GET /api/customers/:id/guardians`: active and waiting, the primary first. */
export function useLearnerGuardians(id: string) {
  return useQuery({
    queryKey: guardiansKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof learnerGuardiansAnswer>>(`${pathOf(id)}/guardians`, { signal })).data,
  });
}

/** `POST /api/customers/:id/guardians {email}`: another guardian, linked at once or invited. */
export function useInviteGuardian(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ message: string }>(`${pathOf(id)}/guardians`, { body: { email } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansKey(id) }),
  });
}

/** Approves a waiting guardian (`approve`) or ends a link (`remove`). */
export function useChangeGuardianLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guardianId, change }: { guardianId: string; change: "approve" | "remove" }) => {
      const path = `${pathOf(id)}/guardians/${encodeURIComponent(guardianId)}`;
      return change === "approve"
        ? api.post<{ message: string }>(`${path}/approve`, { body: {} })
        : api.delete<{ message: string }>(path);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansKey(id) }),
  });
}

const leaveKey = (id: string) => [...queryKeys.customerGuardians, id, "leave"] as const;

/** `GET /api/customers/:id/leave`: the balance, the siblings and who may be paid back. */
export function useLeaveOptions(id: string) {
  return useQuery({
    queryKey: leaveKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof learnerLeaveOptionsAnswer>>(`${pathOf(id)}/leave`, { signal })).data,
    // Asked afresh each time the dialog opens: the balance may have moved meanwhile.
    gcTime: 0,
  });
}

/** `POST /api/customers/:id/leave`: the learner leaves; the lists forget them. */
export function useLeaveSchool(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LearnerLeaveInput) =>
      api.post<Answer<typeof learnerLeftAnswer>>(`${pathOf(id)}/leave`, { body }),
    // Not awaited: the learner's detail is gone, and its screen closes it on the answer.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
    },
  });
}

/** `GET /api/customers/:id/link-letter`: what the printed letter to the learner's guardians says. */
export function useLinkLetter(id: string) {
  return useQuery({
    queryKey: [...queryKeys.customerGuardians, id, "letter"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof linkLetterAnswer>>(`${pathOf(id)}/link-letter`, { signal })).data,
    retry: false,
  });
}
