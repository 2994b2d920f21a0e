import type {
  LearnerAllergiesInput,
  LearnerLimitsInput,
  LearnerTransferInput,
  LinkLearnerInput,
  learnerAllergiesAnswer,
  learnerGuardiansAnswer,
  learnerLimitsAnswer,
  learnerTransferAnswer,
  myLearnerLinkedAnswer,
  myLearnersAnswer,
} from "@kantien/domain/guardians";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { refreshMyData } from "../../../lib/my-data";
import { queryKeys } from "../../../lib/query-keys";

/* A guardian's learners (docs/decisions/0068-who-eats-and-who-pays.md). */

export type MyLearners = Answer<typeof myLearnersAnswer>["data"];

/** `GET /api/my/learners`: active first, then those waiting for approval. */
export const myLearnersQueryOptions = queryOptions({
  queryKey: queryKeys.myLearners,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof myLearnersAnswer>>("/api/my/learners", { signal })).data,
});

export function useMyLearners() {
  return useQuery(myLearnersQueryOptions);
}

/**
 * `POST /api/my/learners`: by the school's code, linked at once (the learner in `data`); by the
 * academy number and date of birth, a request that waits (a message only).
 */
export function useLinkLearner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkLearnerInput) =>
      api.post<Partial<Answer<typeof myLearnerLinkedAnswer>> & { message: string }>("/api/my/learners", {
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myLearners }),
  });
}

/** `PUT /api/my/learners/:id/limits`: amounts as typed ("50", "50,00") or null for none. */
export function useSaveLearnerLimits(learnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: LearnerLimitsInput) =>
      api.put<Answer<typeof learnerLimitsAnswer>>(
        `/api/my/learners/${encodeURIComponent(learnerId)}/limits`,
        {
          body: limits,
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myLearners }),
  });
}

const allergiesPath = (learnerId: string) => `/api/my/learners/${encodeURIComponent(learnerId)}/allergies`;
const allergiesKey = (learnerId: string) => [...queryKeys.myLearners, learnerId, "allergies"] as const;

/** `GET /api/my/learners/:id/allergies`: what is kept, and whose consent holds it. */
export function useLearnerAllergies(learnerId: string) {
  return useQuery({
    queryKey: allergiesKey(learnerId),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof learnerAllergiesAnswer>>(allergiesPath(learnerId), { signal })).data,
  });
}

/** `PUT /api/my/learners/:id/allergies`: the guardian records them with their consent. */
export function useSaveLearnerAllergies(learnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LearnerAllergiesInput) =>
      api.put<Answer<typeof learnerAllergiesAnswer>>(allergiesPath(learnerId), { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(allergiesKey(learnerId), answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myLearners });
    },
  });
}

/** `POST /api/my/transfers` under `key`: the learners' balances and the menus' wallets moved. */
export function useTransferBetweenLearners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transfer, key }: { transfer: LearnerTransferInput; key: string }) =>
      api.post<Answer<typeof learnerTransferAnswer>>("/api/my/transfers", {
        body: transfer,
        headers: { "Idempotency-Key": key },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myLearners });
      void refreshMyData(queryClient);
    },
  });
}

const guardiansKey = (learnerId: string) => [...queryKeys.myLearners, learnerId, "guardians"] as const;
const guardiansPath = (learnerId: string) => `/api/my/learners/${encodeURIComponent(learnerId)}/guardians`;

/** `GET /api/my/learners/:id/guardians`: the learner's guardians, active and waiting. */
export function useLearnerGuardians(learnerId: string) {
  return useQuery({
    queryKey: guardiansKey(learnerId),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof learnerGuardiansAnswer>>(guardiansPath(learnerId), { signal })).data,
  });
}

/**
 * The primary guardian's changes to the others: `invite` by address (linked at once, or invited to
 * sign up), `approve` one waiting, `remove` one.
 */
export function useChangeLearnerGuardians(learnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: "invite"; email: string } | { kind: "approve" | "remove"; guardianId: string },
    ) => {
      if (change.kind === "invite") {
        return api.post<{ message: string }>(guardiansPath(learnerId), { body: { email: change.email } });
      }
      const path = `${guardiansPath(learnerId)}/${encodeURIComponent(change.guardianId)}`;
      return change.kind === "approve"
        ? api.post<{ message: string }>(`${path}/approve`, { body: {} })
        : api.delete<{ message: string }>(path);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansKey(learnerId) }),
  });
}
