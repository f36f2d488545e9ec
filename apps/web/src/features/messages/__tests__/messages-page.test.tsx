import type { Conversation, ConversationSummary, Message } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminBooking, pageOf } from "@/test/admin-fixtures";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { adminUser, instructorUser, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { availability, lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";
import { lesson } from "@/test/student-lesson-fixtures";

const INSTRUCTOR_ID = instructorUser.id;
const OTHER_ID = "9f4c6e41-3d71-4e3d-8e61-4c5d6e7f8091";
const asStudent = { session: sessionFor(studentUser) };
const asInstructor = { session: sessionFor(instructorUser) };
const asAdmin = { session: sessionFor(adminUser) };

const ivy = { id: INSTRUCTOR_ID, firstName: "Ivy", lastName: "Teacher", role: "INSTRUCTOR" as const };
const oscar = { id: OTHER_ID, firstName: "Oscar", lastName: "Other", role: "INSTRUCTOR" as const };

// 10:00 am and 10:05 am on 16/01/2099 in Sydney (AEDT).
const AT_10 = "2099-01-15T23:00:00.000Z";
const AT_1005 = "2099-01-15T23:05:00.000Z";

function message(
  id: string,
  body: string,
  fromMe: boolean,
  sentAt = AT_10,
  readAt: string | null = null,
): Message {
  return { id: `c0000000-0000-4000-8000-00000000000${id}`, body, fromMe, sentAt, readAt };
}

function summary(
  other: ConversationSummary["with"],
  body: string,
  unreadCount: number,
  fromMe = false,
): ConversationSummary {
  return { with: other, lastMessage: { body, sentAt: AT_10, fromMe }, unreadCount };
}

const conversations = pageOf([
  summary(ivy, "Running 10 minutes late, sorry!", 2),
  summary(oscar, "Thanks for the lesson", 0, true),
]);

describe("Messages page (learner)", () => {
  it("lists conversations with the last message and unread count, and the menu shows the count", async () => {
    mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, conversations),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 2 }),
    });
    renderApp("/student/messages", asStudent);

    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeInTheDocument();
    const list = await screen.findByRole("navigation", { name: "Conversations" });
    // The list's frame shows at once, its conversations once they load.
    const ivyLink = await within(list).findByRole("link", { name: "Ivy Teacher, 2 unread" });
    expect(ivyLink).toHaveAttribute("href", `/student/messages/${INSTRUCTOR_ID}`);
    expect(ivyLink).toHaveTextContent("Running 10 minutes late, sorry!");
    const oscarLink = within(list).getByRole("link", { name: "Oscar Other" });
    expect(oscarLink).toHaveTextContent("You: Thanks for the lesson");
    // en-AU date and Sydney time of the last message.
    expect(ivyLink).toHaveTextContent("10:00 am on 16/01/2099");

    const [menu] = await screen.findAllByRole("navigation", { name: "Main" });
    expect(
      await within(menu as HTMLElement).findByRole("link", { name: "Messages, 2 unread" }),
    ).toHaveAttribute("href", "/student/messages");
  });

  it("says how to start when there are no conversations", async () => {
    mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, pageOf([])),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
    });
    renderApp("/student/messages", asStudent);
    expect(await screen.findByText("No messages yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to My bookings" })).toHaveAttribute(
      "href",
      "/student/bookings",
    );
  });

  it("opens a conversation, sends a trimmed message and shows it; an empty one is refused on the spot", async () => {
    let thread: Conversation = {
      with: ivy,
      messages: [
        message("1", "Where should I wait?", true, AT_10, AT_1005),
        message("2", "Running 10 minutes late,\nsorry!", false, AT_1005),
      ],
      hasOlder: false,
    };
    const { callsTo } = mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, conversations),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
      [`GET /api/messages/conversations/${INSTRUCTOR_ID}`]: () => jsonResponse(200, thread),
      [`POST /api/messages/conversations/${INSTRUCTOR_ID}`]: ({ body }: MockRequest) => {
        const sent = message("3", (body as { body: string }).body, true, AT_1005);
        thread = { ...thread, messages: [...thread.messages, sent] };
        return jsonResponse(201, { message: sent });
      },
    });
    const { user } = renderApp(`/student/messages/${INSTRUCTOR_ID}`, asStudent);

    const log = await screen.findByRole("log", { name: "Messages with Ivy Teacher" });
    expect(screen.getByRole("heading", { name: "Ivy Teacher" })).toBeInTheDocument();
    const items = within(log).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("You wrote:Where should I wait?");
    expect(items[0]).toHaveTextContent("Seen");
    expect(items[1]).toHaveTextContent("Ivy Teacher wrote:");
    expect(within(items[1] as HTMLElement).getByText(/Running 10 minutes late/)).toHaveTextContent(
      "Running 10 minutes late, sorry!",
    );
    // The conversation is marked current in the list beside it.
    expect(await screen.findByRole("link", { name: "Ivy Teacher, 2 unread" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    const box = screen.getByRole("textbox", { name: "Message Ivy" });
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Write a message before sending it");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", `/api/messages/conversations/${INSTRUCTOR_ID}`)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, "  I'm at the north entrance  ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(callsTo("POST", `/api/messages/conversations/${INSTRUCTOR_ID}`)).toHaveLength(1),
    );
    expect(callsTo("POST", `/api/messages/conversations/${INSTRUCTOR_ID}`)[0]?.body).toEqual({
      body: "I'm at the north entrance",
    });
    expect(await within(log).findByText("I'm at the north entrance")).toBeInTheDocument();
    expect(box).toHaveValue("");
  });

  it("shows the server's refusal (too many messages) under the box and keeps the text", async () => {
    mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, conversations),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
      [`GET /api/messages/conversations/${INSTRUCTOR_ID}`]: () =>
        jsonResponse(200, {
          with: ivy,
          messages: [],
          hasOlder: false,
        }),
      [`POST /api/messages/conversations/${INSTRUCTOR_ID}`]: () =>
        apiError(
          429,
          "rate_limited",
          "You've sent 20 messages in the last 10 minutes, the most Kerb allows. Please wait 6 minutes before sending another.",
        ),
    });
    const { user } = renderApp(`/student/messages/${INSTRUCTOR_ID}`, asStudent);
    expect(await screen.findByText(/No messages yet\. Say hello/)).toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "Message Ivy" });
    await user.type(box, "One more");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please wait 6 minutes before sending another.",
    );
    expect(box).toHaveValue("One more");
  });

  it("says a conversation with someone you have no lesson with is not available", async () => {
    mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, conversations),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
      [`GET /api/messages/conversations/${OTHER_ID}`]: () =>
        apiError(404, "not_found", "Conversation not found"),
    });
    renderApp(`/student/messages/${OTHER_ID}`, asStudent);
    expect(await screen.findByText("This conversation isn't available")).toBeInTheDocument();
    expect(
      screen.getByText("You can message an instructor once you have a lesson booked with them."),
    ).toBeInTheDocument();
  });

  it("loads earlier messages on request", async () => {
    const latest: Conversation = { with: ivy, messages: [message("5", "Newest", false)], hasOlder: true };
    const older: Conversation = { with: ivy, messages: [message("4", "Older", true)], hasOlder: false };
    mockFetch({
      "GET /api/messages/conversations": () => jsonResponse(200, conversations),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
      [`GET /api/messages/conversations/${INSTRUCTOR_ID}`]: ({ path }: MockRequest) =>
        jsonResponse(200, path.includes("before=") ? older : latest),
    });
    const { user } = renderApp(`/student/messages/${INSTRUCTOR_ID}`, asStudent);
    const log = await screen.findByRole("log", { name: "Messages with Ivy Teacher" });
    await user.click(within(log).getByRole("button", { name: "Load earlier messages" }));
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining("Older"), expect.stringContaining("Newest")]),
    );
    expect(within(log).queryByRole("button", { name: "Load earlier messages" })).not.toBeInTheDocument();
  });
});

describe("The Message button on a lesson", () => {
  it("on My bookings: for booked and taught lessons, to that lesson's instructor; not for a cancelled one", async () => {
    const bookings = [
      lesson("b0000000-0000-4000-8000-0000000000d1", "2099-01-15T23:00:00.000Z"),
      lesson("b0000000-0000-4000-8000-0000000000d2", "2025-07-01T00:00:00.000Z", { status: "COMPLETED" }),
      lesson("b0000000-0000-4000-8000-0000000000d3", "2025-06-01T00:00:00.000Z", {
        status: "CANCELLED",
        instructor: { id: OTHER_ID, firstName: "Oscar", lastName: "Other" },
      }),
    ];
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings })),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 0 }),
    });
    renderApp("/student/bookings", asStudent);
    const buttons = await screen.findAllByRole("link", { name: "Message Ivy Teacher" });
    expect(buttons).toHaveLength(2);
    for (const button of buttons)
      expect(button).toHaveAttribute("href", `/student/messages/${INSTRUCTOR_ID}`);
    expect(screen.queryByRole("link", { name: "Message Oscar Other" })).not.toBeInTheDocument();
  });

  it("on the instructor's lessons: to the lesson's learner", async () => {
    const upcoming = lessonAt(30, {
      student: { firstName: "Fay", lastName: "Future", phone: null },
      studentId: OTHER_ID,
    });
    mockFetch({
      "GET /api/instructor/lessons": () => jsonResponse(200, pageOf([upcoming])),
      "GET /api/instructor/availability": () => jsonResponse(200, availability()),
      "GET /api/messages/unread": () => jsonResponse(200, { unread: 3 }),
    });
    renderApp("/instructor/lessons", asInstructor);
    expect(await screen.findByRole("link", { name: "Message Fay Future" })).toHaveAttribute(
      "href",
      `/instructor/messages/${OTHER_ID}`,
    );
    const [menu] = await screen.findAllByRole("navigation", { name: "Main" });
    expect(
      await within(menu as HTMLElement).findByRole("link", { name: "Messages, 3 unread" }),
    ).toHaveAttribute("href", "/instructor/messages");
  });
});

describe("Admin: a learner and instructor's messages", () => {
  const booking = adminBooking();
  const { student, instructor } = booking;

  it("opens from a lesson on the Bookings page", async () => {
    mockFetch({
      "GET /api/admin/bookings": () => jsonResponse(200, pageOf([booking])),
      "GET /api/admin/instructors": () => jsonResponse(200, pageOf([])),
    });
    renderApp("/admin/bookings", asAdmin);
    const table = await screen.findByRole("table", { name: "Bookings" });
    expect(
      within(table).getByRole("link", { name: "Messages between Sam Learner and Ivy Teacher" }),
    ).toHaveAttribute("href", `/admin/messages?studentId=${student.id}&instructorId=${instructor.id}`);
  });

  it("reads the conversation only once the admin asks (each read is audited), oldest first", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/messages": () =>
        jsonResponse(200, {
          ...pageOf([
            {
              id: "c0000000-0000-4000-8000-000000000001",
              body: "Where do we meet?",
              sentAt: AT_10,
              sentBy: "STUDENT",
              readAt: AT_1005,
              emailedAt: null,
            },
            {
              id: "c0000000-0000-4000-8000-000000000002",
              body: "At the station.",
              sentAt: AT_1005,
              sentBy: "INSTRUCTOR",
              readAt: null,
              emailedAt: "2099-01-15T23:10:00.000Z",
            },
          ]),
          pageSize: 50,
          student: { ...student },
          instructor: { ...instructor, email: "ivy@example.test" },
        }),
    });
    const { user } = renderApp(
      `/admin/messages?studentId=${student.id}&instructorId=${instructor.id}`,
      asAdmin,
    );
    const read = await screen.findByRole("button", { name: "Read the messages" });
    expect(screen.getByText(/the audit log records that you did/)).toBeInTheDocument();
    expect(
      callsTo(
        "GET",
        `/api/admin/messages?studentId=${student.id}&instructorId=${instructor.id}&page=1&pageSize=50`,
      ),
    ).toHaveLength(0);

    await user.click(read);
    const list = await screen.findByRole("list", { name: "Messages between Sam Learner and Ivy Teacher" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Sam Learner (learner)");
    expect(items[0]).toHaveTextContent("Where do we meet?");
    expect(items[0]).toHaveTextContent("Read 16/01/2099 at 10:05 am");
    expect(items[1]).toHaveTextContent("Ivy Teacher (instructor)");
    expect(items[1]).toHaveTextContent("Not read · Emailed 16/01/2099 at 10:10 am");
    expect(screen.getByText(/sam@example\.test/)).toBeInTheDocument();
  });

  it("asks for a lesson first when opened without one", async () => {
    mockFetch({});
    renderApp("/admin/messages", asAdmin);
    expect(await screen.findByText("Choose a lesson first")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Bookings" })).toHaveAttribute("href", "/admin/bookings");
  });
});
