/** The client team routes' error details. */

export const teamsDetails = {
  teamRoleCannot: (role: string, action: string) => `As ${role} on this client's team you may not ${action}`,
  teamLeadOnly: "Only a lead of this client's team may change its team or make it confidential",
  clientDeleteLeadOnly: "Only a lead of this client's team, or an administrator, may delete the client",
  teamLastLead: (username: string) => `${username} is the last lead of this team; make someone else lead first`,
  teamMemberExists: (username: string) => `${username} is already on this team`,
  teamMemberMissing: (username: string) => `${username} is not on this team`,
  teamMemberChanged: (username: string) => `${username}'s role was changed by someone else meanwhile; the team has been loaded again, please try again`,
} as const;
