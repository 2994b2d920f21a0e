-- A learner's grade or class, from the school's list the learners' import reads (decision 0068).
ALTER TABLE "clients" ADD COLUMN "grade" text;